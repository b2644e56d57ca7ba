import CGtk

/// How the process's memory goes back to the system (glibc's allocator, under GTK as under Swift).
public enum Heap {
    /// Blocks of `bytes` or more are mapped on their own and unmapped when freed. glibc otherwise
    /// raises this threshold after the first big block is freed, and a search's megabyte pages then
    /// stay in the heap after use.
    public static func mapBlocks(above bytes: Int) {
        tripgtk_map_blocks_above(Int32(bytes))
    }
}
