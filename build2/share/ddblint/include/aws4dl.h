/* aws4dl.h - ddblint's stub for code that includes aws4's distributed lock
 * header by its bare name; the declarations are in aws4/aws4dl.h. Used only
 * when the real header is not found.
 * SPDX-License-Identifier: MIT
 */
#include "aws4/aws4dl.h"
