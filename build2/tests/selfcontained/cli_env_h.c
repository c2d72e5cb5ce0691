#include "cli/env.h"
