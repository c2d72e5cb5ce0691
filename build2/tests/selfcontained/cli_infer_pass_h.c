#include "cli/infer_pass.h"
