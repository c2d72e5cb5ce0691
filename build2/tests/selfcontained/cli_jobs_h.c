#include "cli/jobs.h"
