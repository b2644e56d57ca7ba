import Foundation

/// One copy of each text a page repeats, found by its bytes before a string is made: 10,000
/// departures leaving at a few hundred times in two zones then hold a few hundred strings, not
/// 100,000 (a `String` of more than 15 UTF-8 bytes is a heap object of its own). Open addressing
/// over a hash of the bytes, sized to the page; at most `limit` texts are kept, so a page of texts
/// that never repeat stops growing the table there.
struct SharedTexts {
    static let limit = 4096
    /// Slots: a power of two, at least twice the texts kept.
    private let capacity: Int
    private var kept: [(hash: UInt64, text: String)?] = []
    private var count = 0

    /// A table for a page of `pageSize` bytes. A text worth sharing takes at least 18 of them (16
    /// bytes and its quotes), so a page holds no more than `pageSize / 18`: a small page gets a
    /// small table.
    init(pageSize: Int = .max) {
        let most = min(Self.limit, max(1, pageSize / 18))
        capacity = 1 << (Int.bitWidth - (2 * most - 1).leadingZeroBitCount)
    }

    /// The kept text with these bytes, or a new one (kept while there is room). Valid UTF-8 only.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a `String` holds in itself: nothing to share.
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        if kept.isEmpty { kept = Array(repeating: nil, count: capacity) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        // The high half folded in: the slot is not the low bits alone.
        var slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & (capacity - 1)
        while let entry = kept[slot] {
            if entry.hash == hash, Self.equal(entry.text, bytes) { return entry.text }
            slot = (slot + 1) & (capacity - 1)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if count < capacity / 2 {
            kept[slot] = (hash, text)
            count += 1
        }
        return text
    }

    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { stored in
            guard stored.count == bytes.count, let start = stored.baseAddress, let other = bytes.baseAddress else { return false }
            return memcmp(start, other, bytes.count) == 0
        } ?? text.utf8.elementsEqual(bytes)
    }
}
