#include "cli/ignore.h"
