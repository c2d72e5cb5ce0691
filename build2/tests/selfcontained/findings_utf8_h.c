#include "findings/utf8.h"
