#include "cli/job_wire.h"
