import TripCore

extension StoreError {
    /// "Tripboard could not save the change: the disk is full. Your favourites are as they were."
    public var sentence: String {
        switch self {
        case .failed(let task, let failure): task.sentence(failure.clause)
        // TRANSLATORS: %1$@ says why Tripboard keeps the data in memory.
        case .refused(let reason): tr("%1$@; nothing was saved.").filled(reason.sentence)
        case .cacheNotCleared(let folder, let count, let first):
            // TRANSLATORS: %2$@ is a folder, %3$@ the first file left in it.
            trn("Tripboard could not remove %1$ld item from %2$@, such as %3$@.",
                "Tripboard could not remove %1$ld items from %2$@, such as %3$@.", count).filled(count, folder, first)
        }
    }
}

extension StoreTask {
    /// What failed, with `why` in its place.
    func sentence(_ why: String) -> String {
        switch self {
        // TRANSLATORS: %1$@ says why: "the disk is full".
        case .open: tr("Tripboard could not open your favourites and settings: %1$@. Nothing was changed.").filled(why)
        case .readFavourites: tr("Tripboard could not read your favourites: %1$@.").filled(why)
        case .saveFavourites: tr("Tripboard could not save the change: %1$@. Your favourites are as they were.").filled(why)
        case .readAlerts: tr("Tripboard could not read your alerts: %1$@.").filled(why)
        case .saveAlert: tr("Tripboard could not save the alert: %1$@.").filled(why)
        case .readSettings: tr("Tripboard could not read your settings: %1$@.").filled(why)
        case .saveSetting: tr("Tripboard could not save the setting: %1$@.").filled(why)
        case .saveWindowState: tr("Tripboard could not save the window’s size and tab: %1$@.").filled(why)
        // TRANSLATORS: %1$@ is a folder, %2$@ says why: "the disk is full".
        case .saveCredentials(let folder?): tr("Tripboard could not save your credentials in %1$@: %2$@.").filled(folder, why)
        case .saveCredentials(nil): tr("Tripboard could not save your credentials: %1$@.").filled(why)
        }
    }
}

extension StoreFailure {
    /// "the disk is full": a clause that follows a colon.
    public var clause: String {
        switch self {
        case .diskFull: tr("the disk is full")
        case .readOnly: tr("it is read-only")
        case .busy: tr("another Tripboard kept the database busy; try again")
        case .unserialisable: tr("they could not be written out")
        // TRANSLATORS: %1$@ says why Tripboard keeps the data in memory.
        case .refused(let reason): tr("%1$@; nothing was saved").filled(reason.sentence)
        // TRANSLATORS: %1$ld is SQLite's error code.
        case .database(let code, let message): message ?? tr("SQLite error %1$ld").filled(Int(code))
        case .system(let words): words
        }
    }
}

extension InMemoryReason {
    /// "Tripboard cannot write in /home/ann/.local/share/tripboard (it is read-only)": the start
    /// of a sentence, without its end.
    public var sentence: String {
        switch self {
        case .unreadableNotMoved(let why, let moving):
            // TRANSLATORS: the start of a sentence; %1$@ says why they could not be read, %2$@ why they could not be moved.
            tr("Your saved favourites and settings could not be read (%1$@) and could not be moved aside (%2$@)").filled(why.clause, moving.clause)
        case .newerVersion:
            tr("Your favourites and settings were saved by a newer version of Tripboard, whose file this version leaves untouched")
        // TRANSLATORS: the start of a sentence; %1$@ is a folder, %2$@ says why: "it is read-only".
        case .folderNotWritable(let folder, let why): tr("Tripboard cannot write in %1$@ (%2$@)").filled(folder, why.clause)
        }
    }
}

extension UnreadableFile {
    /// "it is damaged"
    public var clause: String {
        switch self {
        case .notADatabase: tr("it is not a database")
        case .damaged: tr("it is damaged")
        }
    }
}

extension StoreNotice {
    /// What the window says, once, in plain words; `details` holds the file's name and why.
    public var summary: String {
        switch self {
        case .movedAside:
            tr("Your saved favourites and settings could not be read, so Tripboard put them aside and started afresh: your favourite stops and settings are back to their defaults.")
        case .credentialsMadePrivate:
            tr("Your credentials file could be read by other people on this computer; Tripboard has made it private. Consider replacing the keys in it.")
        case .credentialsNotPrivate:
            tr("Your credentials file can be read by other people on this computer, and Tripboard could not make it private.")
        default: sentence
        }
    }

    /// The technical part the window keeps behind "Details"; nil when `summary` says it all.
    public var details: String? {
        switch self {
        case .movedAside(let why, let file):
            // TRANSLATORS: %1$@ says why ("it is damaged"), %2$@ is a file's name.
            tr("The file could not be read because %1$@. It is kept as %2$@ in Tripboard’s data folder.").filled(why.clause, file)
        // TRANSLATORS: %1$@ is a file's path.
        case .credentialsMadePrivate(let path): tr("The file is %1$@.").filled(path)
        // TRANSLATORS: %1$@ is a file's path, %2$@ why it could not be made private.
        case .credentialsNotPrivate(let path, let why): tr("The file is %1$@: %2$@.").filled(path, why)
        default: nil
        }
    }

    /// What the command line says, once: everything in one line.
    public var sentence: String {
        switch self {
        case .movedAside(let why, let file):
            // TRANSLATORS: %1$@ says why ("it is damaged"), %2$@ is a file's name.
            tr("Your saved favourites and settings could not be read (%1$@). Tripboard put that file aside as %2$@ in its data folder and started afresh: your favourite stops and settings are back to their defaults.")
                .filled(why.clause, file)
        // TRANSLATORS: %1$@ is the start of a sentence: "Tripboard cannot write in /home/ann/.local/share/tripboard (it is read-only)".
        case .keptInMemory(let reason): tr("%1$@. Changes you make now will last only until you quit.").filled(reason.sentence)
        case .credentialsMadePrivate(let path):
            // TRANSLATORS: %1$@ is a file's path.
            tr("Your credentials file (%1$@) could be read by other people on this computer; Tripboard has made it private. Consider replacing the keys in it.")
                .filled(path)
        case .credentialsNotPrivate(let path, let why):
            // TRANSLATORS: %1$@ is a file's path, %2$@ why it could not be made private.
            tr("Your credentials file (%1$@) can be read by other people on this computer, and Tripboard could not make it private: %2$@.")
                .filled(path, why)
        case .credentialsUnreadable(let movedTo?):
            // TRANSLATORS: %1$@ is a file's path.
            tr("Your saved credentials could not be read, so Tripboard moved that file to %1$@. Enter them again in Settings.").filled(movedTo)
        case .credentialsUnreadable(nil):
            tr("Your saved credentials could not be read.")
        case .settingsUnread(let error): error.sentence
        }
    }

    /// Several notices as one paragraph; nil when there are none.
    public static func paragraph(_ notices: [StoreNotice]) -> String? {
        notices.isEmpty ? nil : notices.map(\.sentence).joined(separator: " ")
    }
}
