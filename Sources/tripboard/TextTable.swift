/// A plain-text table with padded columns, as the subcommands print without `--json`.
/// Linear in the size of its cells: a cell longer than `maxCellWidth` characters is cut to that
/// width, ending in "…", and line breaks or tabs inside a cell become spaces, so every row stays
/// one line. (`--json` prints values whole.)
struct TextTable {
    var header: [String]
    var rows: [[String]]
    /// Column indexes whose cells line up on the right (numbers, prices).
    var rightAligned: Set<Int> = []

    /// The most characters a cell shows, "…" included.
    static let maxCellWidth = 80

    var rendered: String {
        let cells = ([header] + rows).map { $0.map(Self.fitted) }
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        let last = header.count - 1
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { text += "  " }
                // The last column is not padded on the right: no line ends in spaces.
                text += rightAligned.contains(column) ? padding + cell : column == last ? cell : cell + padding
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        return cells.map(line).joined(separator: "\n")
    }

    /// `cell` on one line, cut to `maxCellWidth` characters.
    static func fitted(_ cell: String) -> String {
        var fitted = cell.contains(where: { $0.isNewline || $0 == "\t" })
            ? String(cell.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            : cell
        if fitted.count > maxCellWidth {
            fitted = fitted.prefix(maxCellWidth - 1) + "…"
        }
        return fitted
    }
}
