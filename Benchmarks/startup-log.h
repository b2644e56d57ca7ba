/* The yardsticks' twin of Tripboard's StartupLog: the moments start-up passes (main entered, the
 * window built, its first frame painted) on the monotonic clock, written as "NAME SECONDS" lines to
 * the file TRIPBOARD_STARTUP_LOG names once the first frame is painted. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static struct { const char *name; double seconds; } startup_marks[8];
static int startup_count = 0;

static void startup_mark(const char *name) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (startup_count < 8) {
        startup_marks[startup_count].name = name;
        startup_marks[startup_count].seconds = now.tv_sec + now.tv_nsec / 1e9;
        startup_count++;
    }
}

static void startup_write(void) {
    const char *path = getenv("TRIPBOARD_STARTUP_LOG");
    if (!path || !*path) return;
    FILE *log = fopen(path, "w");
    if (!log) return;
    for (int i = 0; i < startup_count; i++) fprintf(log, "%s %.6f\n", startup_marks[i].name, startup_marks[i].seconds);
    fclose(log);
}
