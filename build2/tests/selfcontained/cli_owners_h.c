#include "cli/owners.h"
