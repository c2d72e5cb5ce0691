#include "findings/suppress.h"
