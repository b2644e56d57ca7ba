/// A plain-text table with padded columns, as the subcommands print without `--json`.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    /// Column indexes whose cells line up on the right (numbers, prices).
    var rightAligned: Set<Int> = []

    var rendered: String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            .replacing(/\s+$/, with: "")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
