import CGtk

/// How the process's memory goes back to the system (glibc's allocator, under GTK as under Swift).
public enum Heap {
    /// Hands memory that is free now back to the system. glibc keeps freed memory for later use,
    /// in each thread's arena; after a big piece of work (a search's megabyte pages, read on
    /// worker threads) that is tens of megabytes nothing will ask for soon.
    public static func returnFreeMemory() {
        tripgtk_trim_heap()
    }
}
