#include "cli/git.h"
