#include "findings/finding.h"
