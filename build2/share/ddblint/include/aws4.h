/* aws4.h - ddblint's stub for code that includes aws4's request layer by its
 * bare name (`#include "aws4.h"`); the declarations are in aws4/aws4.h. Used
 * only when the real header is not found.
 * SPDX-License-Identifier: MIT
 */
#include "aws4/aws4.h"
