import Foundation

/// An image's format and size as its header gives them, read without decoding it: PNG and JPEG,
/// the pictures services send. Nil for anything else, or a header cut short.
struct ImageHeader: Equatable {
    /// GdkPixbuf's name for the format: "png" or "jpeg".
    var format: String
    var width: Int
    var height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(65_536))
        if let (width, height) = Self.png(bytes) {
            self.init(format: "png", width: width, height: height)
        } else if let (width, height) = Self.jpeg(bytes) {
            self.init(format: "jpeg", width: width, height: height)
        } else {
            return nil
        }
    }

    init(format: String, width: Int, height: Int) {
        (self.format, self.width, self.height) = (format, width, height)
    }

    /// PNG: the signature, then the IHDR chunk, whose data starts with the width and height.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return positive(bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// JPEG: the segments after the start of image, until a start of frame, which gives the height
    /// then the width.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }  // no length
            let length = bigEndian(bytes, index + 2, 2)
            let startsFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if startsFrame {
                guard index + 8 < bytes.count else { return nil }
                return positive(bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}
