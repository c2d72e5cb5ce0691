#include "cli/cache_files.h"
