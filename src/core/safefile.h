/* safefile.h - the files ddblint creates: temporary files under names no
 * one else can plant, directories only its user can write, and the
 * leftovers of a run that was killed (docs/security.md, "Caches" and
 * "Resource limits and leftovers").
 * SPDX-License-Identifier: MIT
 *
 * Every temporary file ddblint writes (an output's, beside it; a cache
 * file's; a precompiled header's) is named "<dir>/.<base>.XXXXXX" and
 * created by mkstemp(3): O_CREAT | O_EXCL, so a symbolic link or any file
 * planted at that name makes the creation fail instead of being followed or
 * overwritten. A finished file is renamed onto its name: rename(2) replaces
 * a symbolic link found there, never the file it names. The same pattern
 * lets a later run recognise what a killed run left (dl_temp_sweep).
 */
#ifndef DL_CORE_SAFEFILE_H
#define DL_CORE_SAFEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* How old a temporary file must be before another run removes it, in
 * seconds: a run that long is not still writing it. */
#define DL_TEMP_STALE_S 3600

/**
 * dl_temp_create - create dir/.<base>.XXXXXX exclusively (mkstemp: mode
 * 0600, O_EXCL, never through a symbolic link).
 * @param dir   an existing directory ("." for the working directory).
 * @param base  the name of the file it will become (no '/').
 * @param path  receives the temporary file's path (transfer full) on
 *              success; NULL on failure.
 * Returns: an open descriptor (O_RDWR), or -1 with errno set.
 */
int dl_temp_create(const char *dir, const char *base, char **path);

/**
 * dl_temp_is_ours - whether name (a file name, no '/') is one dl_temp_create
 * makes: "." then base (when base is not NULL: exactly it; else any name of
 * at least one byte), then "." and six letters or digits.
 */
bool dl_temp_is_ours(const char *name, const char *base);

/**
 * dl_temp_sweep - remove what killed runs left in dir: regular files (not
 * followed through links) owned by this user whose name dl_temp_is_ours
 * (with base) and not modified for DL_TEMP_STALE_S seconds before now.
 * Nothing else is touched; errors are ignored.
 * Returns: how many files were removed.
 */
size_t dl_temp_sweep(const char *dir, const char *base, time_t now);

/**
 * dl_run_dir_new - a directory for this run only: parent/<prefix>-<pid>-XXXXXX
 * made by mkdtemp (mode 0700). First, what killed runs left in parent goes:
 * directories of that pattern owned by this user, not modified for
 * DL_TEMP_STALE_S seconds, whose process is gone (kill(pid, 0) fails with
 * ESRCH: a run still going keeps its own however long it lasts), with
 * everything in them (links removed, never followed).
 * Returns: its path (transfer full), or NULL with errno set.
 */
char *dl_run_dir_new(const char *parent, const char *prefix);

/**
 * dl_file_replace - write len bytes of data to a new temporary file beside
 * path (dl_temp_create) and rename it onto path: a reader sees the old
 * file or the new one, never a part; a symbolic link at path is replaced,
 * not followed. Not flushed to the disk: only for a file whose reader
 * detects and ignores a damaged copy (a sealed cache file,
 * cli/cache_files.h), so that after a crash it is the old one, the new one,
 * or damaged and rewritten by the next run, never trusted; a cold run writes
 * one result entry per translation unit, and each fsync waited 0.8-4.9 ms
 * (1.2 ms on average) on this project's 2-core build machine. The file's
 * mode is 0600.
 * Returns: true when written; false on any error (a full disk, a file-size
 * limit: the temporary file is removed), errno set.
 */
bool dl_file_replace(const char *path, const char *data, size_t len);

/**
 * dl_dir_private - make sure dir and every directory between root
 * (excluded) and it are real directories (not symbolic links) owned by this
 * user and writable by no one else; those missing are created with mode
 * 0700. dir must be root or start with root and '/'. root itself is
 * created (mode 0700, with its parents) when missing, not checked: that is
 * dl_dir_trusted's part.
 * Returns: false when one is not (or cannot be created).
 */
bool dl_dir_private(const char *root, const char *dir);

/**
 * dl_dir_trusted - the check of a cache directory: create dir (mode 0700,
 * and its missing parents likewise) when missing, then require a directory
 * (after symbolic links) owned by this user (the effective user id) and
 * writable by neither its group nor others; and every directory above its
 * real path owned by this user or root, and writable by others only with
 * the sticky bit (/tmp): else another user could rename the cache away and
 * put one of theirs in its place.
 * @param why  on failure, receives why (transfer full), e.g. "owned by
 *             another user (uid 65534)", "writable by others (mode 0777)".
 * Returns: true when dir may be used as a cache.
 */
bool dl_dir_trusted(const char *dir, char **why);

/**
 * dl_file_read_private - read the regular file at path (not through a
 * symbolic link, not a FIFO or device: opened with O_NOFOLLOW and
 * O_NONBLOCK, checked with fstat) of at most max bytes, into a
 * NUL-terminated heap copy.
 * Returns: true with *out (transfer full) and *len; false otherwise.
 */
bool dl_file_read_private(const char *path, size_t max, char **out, size_t *len);

#endif
