// System zlib, exposed to Swift as CServerZlib (raw inflate and CRC32 for the upload guard).
#include <zlib.h>
