/* json_text.h - text into JSON strings for the SARIF and JSON reporters.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_REPORT_JSON_TEXT_H
#define DL_REPORT_JSON_TEXT_H

#include <jansson.h>

/**
 * dl_json_text - a JSON string of s (NULL is ""). Bytes that are not valid
 * UTF-8 (a Latin-1 byte in a message or a path) become U+FFFD, as the
 * WHATWG decoder reads them (findings/utf8.h): jansson refuses invalid
 * UTF-8, and SARIF and JSON must stay valid.
 * Returns: a new reference, never NULL.
 */
json_t *dl_json_text(const char *s);

#endif
