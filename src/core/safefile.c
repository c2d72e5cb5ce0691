/* safefile.c - exclusive temporary files, private directories, leftovers
 * (safefile.h).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* nftw's FTW_DEPTH, FTW_PHYS */
#include "safefile.h"

#include "alloc.h"
#include "file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkstemp's six characters */
#define TEMP_X 6

int dl_temp_create(const char *dir, const char *base, char **path)
{
        *path = dl_xasprintf("%s/.%s.XXXXXX", dir, base);
        int fd = mkstemp(*path);
        if (fd < 0) {
                int e = errno;
                free(*path);
                *path = NULL;
                errno = e;
        }
        return fd;
}

static bool alnum(char c)
{
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool dl_temp_is_ours(const char *name, const char *base)
{
        size_t n = strlen(name);
        if (name[0] != '.' || n < 1 + 1 + 1 + TEMP_X || name[n - TEMP_X - 1] != '.')
                return false;
        for (size_t i = n - TEMP_X; i < n; i++) {
                if (!alnum(name[i]))
                        return false;
        }
        size_t nb = n - TEMP_X - 2; /* between the leading '.' and the last '.' */
        return !base || (strlen(base) == nb && !memcmp(name + 1, base, nb));
}

size_t dl_temp_sweep(const char *dir, const char *base, time_t now)
{
        DIR *d = opendir(dir);
        if (!d)
                return 0;
        size_t removed = 0;
        uid_t me = geteuid();
        for (struct dirent *e; (e = readdir(d));) {
                if (!dl_temp_is_ours(e->d_name, base))
                        continue;
                struct stat st;
                if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                    S_ISREG(st.st_mode) && st.st_uid == me && now - st.st_mtime > DL_TEMP_STALE_S &&
                    unlinkat(dirfd(d), e->d_name, 0) == 0)
                        removed++;
        }
        closedir(d);
        return removed;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
        (void)st;
        (void)flag;
        (void)ftw;
        remove(path);
        return 0;
}

/* Whether name is prefix, '-', a process id, '-' and six letters or digits;
 * the id into *pid. */
static bool run_dir_name(const char *name, const char *prefix, long *pid)
{
        size_t np = strlen(prefix);
        if (strncmp(name, prefix, np) != 0 || name[np] != '-')
                return false;
        char *end;
        errno = 0;
        *pid = strtol(name + np + 1, &end, 10);
        if (end == name + np + 1 || errno || *pid <= 0 || *end != '-' || strlen(end + 1) != TEMP_X)
                return false;
        for (const char *c = end + 1; *c; c++) {
                if (!alnum(*c))
                        return false;
        }
        return true;
}

char *dl_run_dir_new(const char *parent, const char *prefix)
{
        DIR *d = opendir(parent);
        time_t now = time(NULL);
        uid_t me = geteuid();
        for (struct dirent *e; d && (e = readdir(d));) {
                long pid;
                struct stat st;
                if (run_dir_name(e->d_name, prefix, &pid) &&
                    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                    S_ISDIR(st.st_mode) && st.st_uid == me && now - st.st_mtime > DL_TEMP_STALE_S &&
                    kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
                        char *path = dl_xasprintf("%s/%s", parent, e->d_name);
                        nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
                        free(path);
                }
        }
        if (d)
                closedir(d);
        char *t = dl_xasprintf("%s/%s-%ld-XXXXXX", parent, prefix, (long)getpid());
        if (!mkdtemp(t)) {
                int e = errno;
                free(t);
                errno = e;
                return NULL;
        }
        return t;
}

bool dl_file_replace(const char *path, const char *data, size_t len)
{
        const char *slash = strrchr(path, '/');
        char *dir = slash ? dl_xstrndup(path, (size_t)(slash - path)) : dl_xstrdup(".");
        if (!dir[0]) { /* a file of "/" */
                free(dir);
                dir = dl_xstrdup("/");
        }
        char *tmp = NULL;
        int fd = dl_temp_create(dir, slash ? slash + 1 : path, &tmp);
        free(dir);
        if (fd < 0)
                return false;
        bool ok = dl_write_all(fd, data, len);
        int e = errno;
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok) {
                e = errno ? errno : e;
                unlink(tmp);
        }
        free(tmp);
        errno = e;
        return ok;
}

/* Whether st is a directory of this user that no one else may write. */
static bool private_dir(const struct stat *st)
{
        return S_ISDIR(st->st_mode) && st->st_uid == geteuid() && !(st->st_mode & 022);
}

static bool mkdirs_private(const char *path);

bool dl_dir_private(const char *root, const char *dir)
{
        size_t nr = strlen(root);
        struct stat rst;
        if (strncmp(dir, root, nr) != 0 || (dir[nr] && dir[nr] != '/') ||
            (stat(root, &rst) != 0 && !mkdirs_private(root)))
                return false;
        char *p = dl_xstrdup(dir);
        bool ok = true;
        /* each component after root, in order */
        for (char *s = p + nr; ok && *s;) {
                char *next = strchr(s + 1, '/');
                if (next)
                        *next = '\0';
                struct stat st;
                if (s[1] && lstat(p, &st) != 0)
                        ok = mkdir(p, 0700) == 0 || errno == EEXIST;
                if (ok && s[1])
                        ok = lstat(p, &st) == 0 && private_dir(&st);
                if (!next)
                        break;
                *next = '/';
                s = next;
        }
        free(p);
        return ok;
}

/* mkdir -p with mode 0700 for what it creates. */
static bool mkdirs_private(const char *path)
{
        char *p = dl_xstrdup(path);
        bool ok = true;
        for (char *s = p + 1; ok && *s; s++) {
                if (*s != '/')
                        continue;
                *s = '\0';
                ok = mkdir(p, 0700) == 0 || errno == EEXIST;
                *s = '/';
        }
        ok = ok && (mkdir(p, 0700) == 0 || errno == EEXIST);
        free(p);
        return ok;
}

/* Why a directory above the cache (real path dir) lets another user
 * replace it, or NULL (transfer full): one another user owns (root aside),
 * or one others may write without the sticky bit (as /tmp has it). */
static char *parent_untrusted(const char *dir)
{
        char *p = dl_xstrdup(dir);
        char *why = NULL;
        for (char *slash = strrchr(p, '/'); slash && !why; slash = strrchr(p, '/')) {
                if (slash == p)
                        slash[1] = '\0'; /* "/" itself, last */
                else
                        *slash = '\0';
                struct stat st;
                if (stat(p, &st) != 0)
                        why = dl_xasprintf("its parent %s cannot be read: %s", p, strerror(errno));
                else if (st.st_uid != 0 && st.st_uid != geteuid())
                        why = dl_xasprintf("its parent %s is owned by another user (uid %ld)", p,
                                           (long)st.st_uid);
                else if ((st.st_mode & 002) && !(st.st_mode & S_ISVTX))
                        why = dl_xasprintf("its parent %s is writable by others without the "
                                           "sticky bit (mode %04o)",
                                           p, (unsigned)(st.st_mode & 07777));
                if (!strcmp(p, "/"))
                        break;
        }
        free(p);
        return why;
}

bool dl_dir_trusted(const char *dir, char **why)
{
        *why = NULL;
        struct stat st;
        if (stat(dir, &st) != 0 && !mkdirs_private(dir)) {
                *why = dl_xasprintf("cannot be created: %s", strerror(errno));
                return false;
        }
        if (stat(dir, &st) != 0)
                *why = dl_xasprintf("cannot be read: %s", strerror(errno));
        else if (!S_ISDIR(st.st_mode))
                *why = dl_xstrdup("not a directory");
        else if (st.st_uid != geteuid())
                *why = dl_xasprintf("owned by another user (uid %ld)", (long)st.st_uid);
        else if (st.st_mode & 022)
                *why = dl_xasprintf("writable by %s (mode %04o)",
                                    st.st_mode & 002 ? "others" : "its group",
                                    (unsigned)(st.st_mode & 07777));
        char real[PATH_MAX];
        if (!*why && realpath(dir, real))
                *why = parent_untrusted(real);
        return *why == NULL;
}

bool dl_file_read_private(const char *path, size_t max, char **out, size_t *len)
{
        *out = NULL;
        *len = 0;
        int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0)
                return false;
        struct stat st;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0 ||
            (unsigned long long)st.st_size > max) {
                close(fd);
                return false;
        }
        size_t size = (size_t)st.st_size;
        char *buf = dl_xmalloc(size + 1);
        size_t n = 0;
        while (n < size) {
                ssize_t got = read(fd, buf + n, size - n);
                if (got < 0 && errno == EINTR)
                        continue;
                if (got <= 0)
                        break;
                n += (size_t)got;
        }
        close(fd);
        if (n != size) { /* shrank while read: not whole */
                free(buf);
                return false;
        }
        buf[n] = '\0';
        *out = buf;
        *len = n;
        return true;
}
