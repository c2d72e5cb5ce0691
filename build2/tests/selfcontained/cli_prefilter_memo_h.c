#include "cli/prefilter_memo.h"
