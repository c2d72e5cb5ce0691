#include "cli/code_tables.h"
