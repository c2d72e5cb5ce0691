/* aws4dd.h - ddblint's stub for code that includes aws4's DynamoDB header by
 * its bare name (`#include "aws4dd.h"`, as aws4's own sources and tests do
 * with the library's directory on the include path); the declarations are
 * in aws4/aws4dd.h. Used only when the real header is not found.
 * SPDX-License-Identifier: MIT
 */
#include "aws4/aws4dd.h"
