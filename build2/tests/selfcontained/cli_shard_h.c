#include "cli/shard.h"
