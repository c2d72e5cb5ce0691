#include "cli/compdb_memo.h"
