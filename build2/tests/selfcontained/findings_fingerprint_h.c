#include "findings/fingerprint.h"
