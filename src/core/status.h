/* status.h - the status codes returned by every function that can fail.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_STATUS_H
#define DL_CORE_STATUS_H

/* The only return type for functions that can fail (design.md section 13). */
enum dl_status {
        DL_OK = 0,
        DL_ERR_IO,          /* a file could not be read or written            */
        DL_ERR_PARSE,       /* input malformed: YAML, expression, baseline    */
        DL_ERR_CONFIG,      /* well-formed but invalid configuration          */
        DL_ERR_CLANG,       /* libclang refused: dl_error holds the reason    */
        DL_ERR_UNSUPPORTED, /* a construct we cannot model (not a user bug)   */
};

/**
 * dl_status_str - a short lower-case name of a status ("ok", "i/o error"...).
 * @param s  any value of enum dl_status.
 * Returns: a static string (transfer none); "unknown status" for values
 * outside the enum.
 */
const char *dl_status_str(enum dl_status s);

#endif
