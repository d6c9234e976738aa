#!/usr/bin/env python3
# Independent re-derivation of loadlab's personal instances (the doc of lesson/homework/personal.rs):
# FNV-1a 64 key words, a ChaCha8 keystream (RFC 7539 block function with 8 rounds, 64-bit
# counter from 0, nonce 0), next_u64 = two consecutive 32-bit words, the first the low half.
import struct
M=0xffffffffffffffff
def fnv(b):
    h=0xcbf29ce484222325
    for x in b: h=((h^x)*0x100000001b3)&M
    return h
def key(model,course,student):
    norm=' '.join(student.split()).lower()
    msg=b"loadlab personal v1\0"+model.encode()+b"\0"+course.strip().encode()+b"\0"+norm.encode()
    return b''.join(struct.pack('<Q',fnv(msg+bytes([i]))) for i in range(4))
def rotl(v,c): return ((v<<c)&0xffffffff)|(v>>(32-c))
def qr(s,a,b,c,d):
    s[a]=(s[a]+s[b])&0xffffffff; s[d]=rotl(s[d]^s[a],16)
    s[c]=(s[c]+s[d])&0xffffffff; s[b]=rotl(s[b]^s[c],12)
    s[a]=(s[a]+s[b])&0xffffffff; s[d]=rotl(s[d]^s[a],8)
    s[c]=(s[c]+s[d])&0xffffffff; s[b]=rotl(s[b]^s[c],7)
def block(k,ctr):
    st=[0x61707865,0x3320646e,0x79622d32,0x6b206574]+list(struct.unpack('<8I',k))+[ctr&0xffffffff,ctr>>32,0,0]
    w=st[:]
    for _ in range(4):
        qr(w,0,4,8,12);qr(w,1,5,9,13);qr(w,2,6,10,14);qr(w,3,7,11,15)
        qr(w,0,5,10,15);qr(w,1,6,11,12);qr(w,2,7,8,13);qr(w,3,4,9,14)
    return [(a+b)&0xffffffff for a,b in zip(w,st)]
def stream(k):
    ctr=0
    while True:
        ws=block(k,ctr); ctr+=1
        for i in range(0,16,2): yield ws[i]|(ws[i+1]<<32)
# Each model's first candidates (loadlab keeps the first of the lesson exercise's size class;
# the class itself is checked by loadlab, so a few are printed in order).
g=stream(key("redistribute","CS101","Ada Lovelace"))
for _ in range(5):
    n=5+next(g)%3
    d=[2-(next(g)%5) for _ in range(n-1)]; last=-sum(d)
    print("redistribute candidate", d+[last], "rejected" if abs(last)>2 or (last==0 and all(x==0 for x in d)) else "")
g=stream(key("ksbf","CS101","Ada Lovelace"))
shape=["random-tree","random-grid"][next(g)%2]; p=2+next(g)%8
print("ksbf candidate", shape, "p =", p, "seeds drawn in order:", [next(g)%(1<<32) for _ in range(3)], "…")
g=stream(key("geodecay","CS101","Ada Lovelace"))
for _ in range(3):
    b=13+next(g)%7; print("geodecay candidate p = 2^%d, ell =" % b, (1000+next(g)%5001)/100)
g=stream(key("treesweep","CS101","Ada Lovelace"))
for _ in range(6):
    n=5+next(g)%2; print("treesweep candidate n =", n, "tau =", (15000+next(g)%50001)/1e4)
g=stream(key("divisible","CS101","Ada Lovelace")); print("divisible beta", (200+next(g)%9801)/100)
