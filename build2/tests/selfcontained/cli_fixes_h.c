#include "cli/fixes.h"
