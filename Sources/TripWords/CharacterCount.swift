extension String {
    /// The number of characters (`count`) without breaking the text into grapheme clusters where
    /// the text itself shows that each of its Unicode scalars is one character: every scalar is
    /// one that no rule of Unicode's cluster breaking (UAX #29) joins to a neighbour, and there is
    /// no carriage return (which joins a line feed after it). That holds for ASCII, Latin-1 and the
    /// Latin extensions (accented letters come precomposed: "é" is one scalar), the spaces of
    /// U+2000–U+200B, the punctuation and the currency signs up to U+20CF ("89,60 $US" with its
    /// no-break space, "€", "…"); any other text is counted as `count` does.
    ///
    /// `count` breaks any text that is not all ASCII by the full rules, scalar by scalar: a
    /// command's table of 10,000 departures spent a tenth of its time so for its French prices
    /// and times, whose spaces are no-break spaces.
    public var characterCount: Int {
        var scalars = 0
        for scalar in unicodeScalars {
            let value = scalar.value
            guard value < 0x300 ? value != 0x0D : (0x2000...0x200B).contains(value) || (0x200E...0x20CF).contains(value)
            else { return count }
            scalars += 1
        }
        return scalars
    }
}
