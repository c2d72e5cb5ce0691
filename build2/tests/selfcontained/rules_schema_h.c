#include "rules/schema.h"
