#include "cli/pipeline.h"
