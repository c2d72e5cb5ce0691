/* aws_dynamo.h - ddblint's stub for code that includes aws_dynamo's header
 * by its bare name (`#include <aws_dynamo.h>`, `#include "aws_dynamo.h"`, as
 * the library's own tests and many applications do); the declarations are
 * in aws_dynamo/aws_dynamo.h. Used only when the real header is not found.
 * SPDX-License-Identifier: MIT
 */
#include "aws_dynamo/aws_dynamo.h"
