#include "cli/cli_internal.h"
