// zlib's minizip (Debian's libminizip-dev), linked statically (CZipMemory links libminizip.a):
// it is not on every desktop, and it is small. Level packs are read and written as zips with it.
#include <minizip/unzip.h>
#include <minizip/zip.h>
