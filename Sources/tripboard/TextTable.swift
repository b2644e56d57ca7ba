import TripWords

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

    /// Each cell is measured once (`characterCount`, which spares most text the breaking into
    /// characters that `count` does), and the lines are written as bytes into one buffer.
    var rendered: String {
        let cells = ([header] + rows).map { $0.map(Self.measured) }
        let widths = header.indices.map { column in cells.map { $0[column].width }.max() ?? 0 }
        let last = header.count - 1
        let alignedRight = header.indices.map(rightAligned.contains)
        let space = UInt8(ascii: " ")
        var text: [UInt8] = []
        text.reserveCapacity(cells.count * (widths.reduce(0, +) + 2 * last + 1))
        for (index, line) in cells.enumerated() {
            if index > 0 { text.append(UInt8(ascii: "\n")) }
            let start = text.count
            for (column, cell) in line.enumerated() {
                let padding = widths[column] - cell.width
                if column > 0 { text.append(contentsOf: [space, space]) }
                if alignedRight[column] { text.append(contentsOf: repeatElement(space, count: padding)) }
                text.append(contentsOf: cell.text.utf8)
                // The last column is not padded on the right: no line ends in spaces.
                if !alignedRight[column], column != last { text.append(contentsOf: repeatElement(space, count: padding)) }
            }
            while text.count > start, text.last == space { text.removeLast() }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `cell` on one line, cut to `maxCellWidth` characters, and its width in characters (counted
    /// once: the cut cell's width is `maxCellWidth`).
    static func measured(_ cell: String) -> (text: String, width: Int) {
        let oneLine = cell.unicodeScalars.contains(where: breaksLine)
            ? String(cell.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            : cell
        let width = oneLine.characterCount
        return width > maxCellWidth ? (oneLine.prefix(maxCellWidth - 1) + "…", maxCellWidth) : (oneLine, width)
    }

    /// A tab, or a scalar that is (or begins) a character Swift calls a newline: LF, VT, FF, CR,
    /// NEL, the line and the paragraph separators.
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
