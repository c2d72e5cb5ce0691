#include "findings/baseline.h"
