#include "rules/ruleset.h"
