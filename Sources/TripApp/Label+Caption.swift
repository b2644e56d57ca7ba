import Gtk

extension Label {
    /// A dimmed label naming the field beside it ("From", "Radius (m)").
    static func caption(_ text: String) -> Label {
        let label = Label(text)
        label.addCSSClass("dim-label")
        return label
    }
}
