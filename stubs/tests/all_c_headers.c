/* all_c_headers.c - every hand-written C stub header, together (they must
 * not clash) and in C (tests/stubs.cmake compiles this with -fsyntax-only).
 * SPDX-License-Identifier: MIT
 */
#include <aws4.h>
#include <aws4/aws4.h>
#include <aws4/aws4dd.h>
#include <aws4/aws4dl.h>
#include <aws4dd.h>
#include <aws4dl.h>
#include <aws_dynamo.h>
#include <aws_dynamo/aws_dynamo.h>
#include <curl/curl.h>
#include <iowow/basedefs.h>
#include <iowow/iwconv.h>
#include <iowow/iwjson.h>
#include <iowow/iwlog.h>
#include <iowow/iwp.h>
#include <iowow/iwpool.h>
#include <iowow/iwxstr.h>
#include <iwnet/iwn_curl.h>
#include <iwnet/iwn_pairs.h>
#include <iwnet/iwn_poller.h>
#include <iwnet/iwn_proc.h>
#include <iwnet/iwn_scheduler.h>
#include <iwnet/iwn_tests.h>
#include <iwnet/iwn_url.h>

int iwn_assertions_failed;

int main(void)
{
        iwlog_init();
        return iwn_assertions_failed;
}
