import TripCore

extension StoreError {
    /// "Tripboard could not save the change: the disk is full. Your favourites are as they were."
    public var sentence: String {
        switch self {
        case .failed(let task, let failure): task.sentence(failure.clause)
        case .refused(let reason): reason.sentence + "; nothing was saved."
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
        case .open: "Tripboard could not open your favourites and settings: \(why). Nothing was changed."
        case .readFavourites: "Tripboard could not read your favourites: \(why)."
        case .saveFavourites: "Tripboard could not save the change: \(why). Your favourites are as they were."
        case .readSettings: "Tripboard could not read your settings: \(why)."
        case .saveSetting: "Tripboard could not save the setting: \(why)."
        case .saveWindowState: "Tripboard could not save the window’s size and tab: \(why)."
        case .saveCredentials(let folder?): "Tripboard could not save your credentials in \(folder): \(why)."
        case .saveCredentials(nil): "Tripboard could not save your credentials: \(why)."
        }
    }
}

extension StoreFailure {
    /// "the disk is full": a clause that follows a colon.
    public var clause: String {
        switch self {
        case .diskFull: "the disk is full"
        case .readOnly: "it is read-only"
        case .busy: "another Tripboard kept the database busy; try again"
        case .unserialisable: "they could not be written out"
        case .refused(let reason): reason.sentence + "; nothing was saved"
        case .database(let code, let message): message ?? "SQLite error \(code)"
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
            "Your saved favourites and settings could not be read (\(why.clause)) and could not be moved aside (\(moving.clause))"
        case .newerVersion:
            "Your favourites and settings were saved by a newer version of Tripboard, whose file this version leaves untouched"
        case .folderNotWritable(let folder, let why): "Tripboard cannot write in \(folder) (\(why.clause))"
        }
    }
}

extension UnreadableFile {
    /// "it is damaged"
    public var clause: String {
        switch self {
        case .notADatabase: "it is not a database"
        case .damaged: "it is damaged"
        }
    }
}

extension StoreNotice {
    /// What the window says, once, in plain words; `details` holds the file's name and why.
    public var summary: String {
        switch self {
        case .movedAside:
            "Your saved favourites and settings could not be read, so Tripboard put them aside and started "
                + "afresh: your favourite stops and settings are back to their defaults."
        case .credentialsMadePrivate:
            "Your credentials file could be read by other people on this computer; Tripboard has made it "
                + "private. Consider replacing the keys in it."
        case .credentialsNotPrivate:
            "Your credentials file can be read by other people on this computer, and Tripboard could not make it private."
        default: sentence
        }
    }

    /// The technical part the window keeps behind "Details"; nil when `summary` says it all.
    public var details: String? {
        switch self {
        case .movedAside(let why, let file):
            "The file could not be read because \(why.clause). It is kept as \(file) in Tripboard’s data folder."
        case .credentialsMadePrivate(let path): "The file is \(path)."
        case .credentialsNotPrivate(let path, let why): "The file is \(path): \(why)."
        default: nil
        }
    }

    /// What the command line says, once: everything in one line.
    public var sentence: String {
        switch self {
        case .movedAside(let why, let file):
            "Your saved favourites and settings could not be read (\(why.clause)). "
                + "Tripboard put that file aside as \(file) in its data folder and started "
                + "afresh: your favourite stops and settings are back to their defaults."
        case .keptInMemory(let reason): reason.sentence + ". Changes you make now will last only until you quit."
        case .credentialsMadePrivate(let path):
            "Your credentials file (\(path)) could be read by other people on this computer; "
                + "Tripboard has made it private. Consider replacing the keys in it."
        case .credentialsNotPrivate(let path, let why):
            "Your credentials file (\(path)) can be read by other people on this computer, "
                + "and Tripboard could not make it private: \(why)."
        case .credentialsUnreadable(let movedTo):
            "Your saved credentials could not be read"
                + (movedTo.map { ", so Tripboard moved that file to \($0). Enter them again in Settings." } ?? ".")
        case .settingsUnread(let error): error.sentence
        }
    }

    /// Several notices as one paragraph; nil when there are none.
    public static func paragraph(_ notices: [StoreNotice]) -> String? {
        notices.isEmpty ? nil : notices.map(\.sentence).joined(separator: " ")
    }
}
