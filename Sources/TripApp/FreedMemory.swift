import CMalloc
import Foundation
import TripViewModels

/// Gives back to the system what a search freed. glibc keeps freed memory in its arenas for the
/// next allocation, so after a 10,000-departure search the window would go on holding the memory
/// of rows it no longer has; `malloc_trim` returns every free page. It runs off the main thread,
/// when a search starts (the previous search's rows have just gone) and when it ends (its pages'
/// buffers have).
///
/// While Favourites counts down, the other way round: what is freed stays, up to `redrawnBytes`.
/// A favourite's row is drawn again whenever one of its times moves on a minute, through an
/// image the row's size (0.24–1.03 MiB in a window 960 px wide) that cairo makes and frees for
/// that frame; in a mapping of its own, each was faulted in afresh, page by page (some 2,000 page
/// faults in 30 s, none in the countdown yardstick). Once the countdown stops, buffers over 128 KiB
/// have mappings of their own again and the free pages go back.
public enum FreedMemory {
    /// The largest buffer that comes from, and goes back to, the heap while Favourites counts down.
    static let redrawnBytes: Int32 = 4 << 20

    /// Follows the window's search and Favourites' countdown for as long as they last.
    @MainActor static func follow(_ search: SearchViewModel, favourites: RefreshCycle) {
        Self.onChange(of: { [weak search] in search?.isSearching }) { _ in Self.giveBack() }
        Self.onChange(of: { [weak favourites] in favourites?.isCounting }) { counting in
            Self.heapKeeps(upTo: counting ? Self.redrawnBytes : Self.ownMappingBytes)
            if !counting { Self.giveBack() }
        }
    }

    /// Calls `act` with `value` each time it changes from what it was (false at first, so nothing
    /// runs at start-up); ends once `value` is nil (its object has gone).
    @MainActor private static func onChange(of value: @escaping @MainActor () -> Bool?, _ act: @escaping @MainActor (Bool) -> Void) {
        var last = false
        observe {
            guard let now = value(), now != last else { return }
            last = now
            act(now)
        }
    }

    /// glibc's arenas give their free pages back, on a thread of their own.
    static func giveBack() {
        Task.detached(priority: .utility) { _ = malloc_trim(0) }
    }

    /// At most two malloc arenas: glibc would otherwise keep one for each thread that allocated,
    /// up to 8 a core, each holding on to what was freed in it. And every buffer over 128 KiB (a
    /// search's pages, its arrays of departures) in a mapping of its own, given back when freed:
    /// by default glibc raises that bound to the size of each such buffer freed, so the next
    /// ones come from the heap and, freed between smaller live blocks, stay with the process.
    /// Called first thing, before any thread starts; a command then keeps its buffers instead
    /// (`keepForReuse`).
    public static func limitArenas() {
        _ = mallopt(M_ARENA_MAX, 2)
        _ = mallopt(M_MMAP_THRESHOLD, ownMappingBytes)
    }

    /// Buffers over this have a mapping of their own, given back when freed; so is the free top
    /// of the heap past it (glibc's default).
    static let ownMappingBytes: Int32 = 128 << 10

    /// For a command: what it frees stays with malloc for its next buffers. By default glibc gives
    /// each large buffer (over 128 KiB, a search's pages and its JSON) its own mapping and unmaps
    /// it when freed, so the next one faults every page in afresh; a 10,000-departure search spent
    /// a tenth of its CPU time doing that. The commands that run on (`serve-demo`, `alert`) keep
    /// at most what they held at their busiest.
    public static func keepForReuse() {
        heapKeeps(upTo: 256 << 20)
    }

    /// Buffers up to `bytes` come from the heap and go back to it, and up to `bytes` of its free
    /// top stays; larger ones have mappings of their own.
    private static func heapKeeps(upTo bytes: Int32) {
        _ = mallopt(M_MMAP_THRESHOLD, bytes)
        _ = mallopt(M_TRIM_THRESHOLD, bytes)
    }
}
