#include "cli/config.h"
