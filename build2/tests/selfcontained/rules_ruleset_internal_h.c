#include "rules/ruleset_internal.h"
