#include "cli/explain.h"
