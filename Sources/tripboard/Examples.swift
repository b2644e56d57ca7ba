/// A command's examples as its `--help` lists them after the sentence that ends in "Examples:",
/// each on its own line, indented two spaces (a line continued with "\" gives its next line as
/// one more item, indented four more). Commands are not translated, so they stay out of the
/// sentence's message.
func examples(_ lines: String...) -> String {
    lines.map { "\n  " + $0 }.joined()
}
