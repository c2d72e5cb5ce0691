#include "cli/access_cmd.h"
