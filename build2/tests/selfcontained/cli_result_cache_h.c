#include "cli/result_cache.h"
