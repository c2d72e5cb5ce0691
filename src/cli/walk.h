/* walk.h - turn PATH operands into the list of source files to analyse.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_WALK_H
#define DL_CLI_WALK_H

#include <stdbool.h>
#include <stddef.h>

struct dl_log;
struct stat;

/* The largest walked file whose text is searched for table definitions
 * (64 MiB, as `tables-from:` reads: rules/ruleset_internal.h). */
#define DL_DEFINITION_MAX_BYTES ((size_t)64 << 20)

struct dl_file_list {
        char **paths;   /* heap strings, owned; sorted within each directory */
        /* Per path: what stat() (which follows symbolic links) said when the
         * walk listed it, so that the run need not ask again. */
        struct stat *stats;
        /* Per path: true when its directory entry said a regular file, so it
         * is no symbolic link (false: not known). */
        bool *no_link;
        size_t n, cap;
        size_t failed;  /* operands or entries that could not be read */
};

/* What a walk takes and leaves. */
struct dl_walk_opts {
        /* Suffixes walked besides the default ones (".inl"), borrowed. */
        const char *const *extensions;
        size_t n_extensions;
        /* Leave path out? is_dir says what it is; named is true for an
         * operand itself. NULL keeps everything. Errors (a bad rules file
         * met on the way) are the callback's to remember. */
        bool (*skip)(void *data, const char *path, bool is_dir, bool named);
        void *skip_data;
        /* The project root (a real path) that bounds the symbolic links
         * followed in a walked directory, or NULL for no bound. */
        const char *root;
        /* --follow-symlinks: follow links whose targets lie outside root. */
        bool follow_symlinks;
        /* Non-NULL: table definition files go here, not into the sources:
         * an operand named as a file whose name dl_is_definition_name()
         * accepts, and a walked file that dl_is_definition_name() accepts
         * and dl_is_definition_text() confirms (docs/architecture.md,
         * "Tables as code"). */
        struct dl_file_list *definitions;
};

/**
 * dl_walk_paths - collect source files from files and directories.
 * Directories are walked recursively for the source suffixes
 * (dl_is_source_name) and o->extensions, skipping hidden entries (".git")
 * and build directories ("build", "build-*", "cmake-build-*",
 * "CMakeFiles", "node_modules") and whatever o->skip says; entries are
 * visited in strcmp order so the result is deterministic (a directory's
 * files before its subdirectories). A file named directly is taken
 * whatever its suffix, unless o->skip leaves it out. A directory reached
 * twice through a symbolic link (a loop) is skipped once with a
 * diagnostic. A symbolic link met in a walked directory whose target's
 * real path lies outside o->root (and outside the operand's own real path,
 * for an operand outside o->root) is not followed unless
 * o->follow_symlinks: a note (DL_LOG_NOTE, id "symlink-outside") names
 * the link, never its target's text. Missing or unreadable operands are logged (DL_LOG_ERROR, id
 * "unreadable-file", naming the path) and counted in out->failed; the other
 * operands are still collected. The same file given twice is listed once.
 * @param o  may be NULL.
 * Ownership: release with dl_file_list_fini().
 */
void dl_walk_paths(const char *const *operands, size_t n, const struct dl_walk_opts *o,
                   struct dl_log *log, struct dl_file_list *out);
/** dl_file_list_fini - free the list; NULL-safe. */
void dl_file_list_fini(struct dl_file_list *l);
/**
 * dl_is_source_name - true when name ends in a suffix walked by default:
 * .c .h .cc .cpp .cxx .hh .hpp .hxx .inl .ipp and .C (C++ on case-sensitive
 * file systems, as for gcc and clang); suffixes compare case-sensitively.
 */
bool dl_is_source_name(const char *name);
/**
 * dl_is_unit_name - true when name ends in a suffix clang compiles as a
 * translation unit of its own: .c .cc .cp .cpp .cxx .c++ .C .CPP. Every
 * other walked file (.h .hh .hpp .hxx .inl .ipp, and suffixes added with
 * --extensions such as .inc) is a header (owners.h).
 */
bool dl_is_unit_name(const char *name);

/**
 * dl_is_definition_name - true when path may hold table definitions the
 * run lints: a name ending in .yaml, .yml, .template or .json. With
 * walked set (a file the walk met, not an operand), .json counts only as
 * *.template.json or inside a directory named cdk.out (what `cdk synth`
 * writes): the walk does not read every JSON file.
 */
bool dl_is_definition_name(const char *path, bool walked);
/**
 * dl_is_definition_text - true when text (len bytes) names a DynamoDB
 * table resource of a CloudFormation or SAM template:
 * AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable or
 * AWS::Serverless::SimpleTable.
 */
bool dl_is_definition_text(const char *text, size_t len);

#endif
