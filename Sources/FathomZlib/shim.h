// System zlib, exposed to Swift as the FathomZlib module (deflate/inflate for PNG).
#include <zlib.h>
