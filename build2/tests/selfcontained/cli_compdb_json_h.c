#include "cli/compdb_json.h"
