/// Hashes that are the same in every run and on every machine (unlike `Hasher`, which is seeded per
/// process): for cache file names and for reproducible demo data.
public enum StableHash {
    /// 64-bit FNV-1a of the text's UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The 16 lower-case hexadecimal digits of `value`, zeros first: a hash as a file name. What
    /// `String(format: "%016llx")` gives, without its variadic arguments' dynamic casts (the first
    /// of which searches every conformance record in the binary).
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Spreads an integer's bits (the SplitMix64 finaliser), giving a non-negative number.
    public static func mix(_ value: Int) -> Int {
        var x = UInt64(bitPattern: Int64(value))
        x = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
        x = (x ^ (x >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int(truncatingIfNeeded: (x ^ (x >> 31)) >> 1)
    }
}
