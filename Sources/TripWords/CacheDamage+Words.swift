import TripCore

extension CacheDamage {
    /// "An answer kept from earlier could not be read; it was moved aside as … in …."
    public var sentence: String {
        switch self {
        case .movedAside(let file, let folder):
            // TRANSLATORS: %1$@ is a file's name, %2$@ the folder it is in.
            tr("An answer kept from earlier could not be read; it was moved aside as %1$@ in %2$@.").filled(file, folder)
        case .unreadable(let file, let why):
            // TRANSLATORS: %1$@ is a file's name, %2$@ the system's words for why it could not be read.
            tr("An answer kept from earlier, %1$@, could not be read: %2$@.").filled(file, why)
        }
    }
}
